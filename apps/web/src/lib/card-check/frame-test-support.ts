import nodeConsole from 'node:console';
import { vi } from 'vitest';

/**
 * For tests of the fingerprint frame. happy-dom loads no frame and says so on Node's own console (it
 * took that one before Vitest's): that message is expected, any other is still shown.
 */
export function quietFrameLoading() {
  const log = nodeConsole.error.bind(nodeConsole);
  vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('Iframe page loading is disabled')) return;
    log(...args);
  });
}

/** The forms posted into a fingerprint frame: recorded instead of sent (the post is the network). */
export function recordFramePosts(): HTMLFormElement[] {
  const posted: HTMLFormElement[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push(this);
  });
  return posted;
}

/** The hidden frame a recorded form was posted into. */
export const frameOf = (form: HTMLFormElement) =>
  document.querySelector<HTMLIFrameElement>(`iframe[name="${form.target}"]`);
