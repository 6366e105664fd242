/**
 * Where a screen leaves a card error for stage 2 to show once on arrival (spec section 8: the repeat
 * loan's 211 stores the error and goes to stage 2). Session storage: this tab only.
 */
export const stage2Error = {
  leave: (message: string) => sessionStorage.setItem('stage2Error', message),
  /** The message left, removed as it is read. */
  take(): string | null {
    const message = sessionStorage.getItem('stage2Error');
    sessionStorage.removeItem('stage2Error');
    return message;
  },
};
