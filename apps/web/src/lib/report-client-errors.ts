let previousUrl = document.referrer;
const MAX_REPORTS_PER_PAGE = 5;
let reports = 0;

/**
 * Unhandled errors in the browser are posted to LeadProvider/Error for the support team. The API client
 * is loaded only when the first error happens, so a page that never fails does not download it.
 */
export function reportClientErrors() {
  const send = (message: string) => {
    if (reports++ >= MAX_REPORTS_PER_PAGE) return;
    void import('./api-client').then(({ callApi }) =>
      callApi('reportError', {
        url: window.location.href,
        prevUrl: previousUrl || null,
        message: message.slice(0, 8000),
        userAgent: navigator.userAgent,
      }).catch(() => undefined),
    );
  };
  window.addEventListener('error', (e) =>
    send(e.error instanceof Error ? `${e.error.message}\n${e.error.stack ?? ''}` : e.message),
  );
  window.addEventListener('unhandledrejection', (e) =>
    send(e.reason instanceof Error ? `${e.reason.message}\n${e.reason.stack ?? ''}` : String(e.reason)),
  );
  window.addEventListener('popstate', () => {
    previousUrl = window.location.href;
  });
}
