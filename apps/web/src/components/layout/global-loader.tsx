import { useLoaderVisible } from '../../lib/loader-store';

/** The global loader: appears once requests have been pending for 400 ms, or at once when forced. */
export function GlobalLoader() {
  const visible = useLoaderVisible();
  return (
    <div className="global-loader" data-visible={visible} role="status" aria-live="polite">
      {visible ? (
        <>
          <span className="global-loader__spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading, please wait</span>
        </>
      ) : null}
    </div>
  );
}
