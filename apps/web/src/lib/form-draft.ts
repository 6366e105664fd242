/**
 * A form's answers kept while the applicant is at their bank (issue 49: they come back to the same stage
 * with their answers kept). In this tab's sessionStorage only: gone when the tab closes, never sent, and
 * cleared once the form is submitted. Card and bank details are never among them.
 */
const keyOf = (form: string) => `draft:${form}`;

export function saveDraft(form: string, values: unknown) {
  try {
    sessionStorage.setItem(keyOf(form), JSON.stringify(values));
  } catch {
    // Storage full or refused (private mode): the applicant types again, nothing else is lost.
  }
}

export function takeDraft<T>(form: string): T | null {
  try {
    const text = sessionStorage.getItem(keyOf(form));
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function clearDraft(form: string) {
  try {
    sessionStorage.removeItem(keyOf(form));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
