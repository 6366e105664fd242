/**
 * The messages of an error summary's lines, each without the field name that leads it: a screen's tests
 * check its messages in the spec's words; that every line names its field is the form pattern's own test
 * (use-contract-form.test.tsx).
 */
export const summaryMessages = (summary: HTMLElement): (string | null)[] =>
  [...summary.querySelectorAll('li')].map((li) => {
    const lead = li.querySelector('.error-summary__field')?.textContent ?? '';
    return li.textContent?.slice(lead.length) ?? null;
  });
