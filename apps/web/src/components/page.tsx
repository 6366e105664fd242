import { use, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { BRAND } from '@lender/contract/brand';
import { PageErrorsContext } from './page-errors';
import { PageNoticeContext } from './page-notice';

type PageProps = {
  /** The visible heading (h1); also the document title unless `title` says otherwise. */
  heading: ReactNode;
  title?: string;
  lead?: ReactNode;
  children?: ReactNode;
  narrow?: boolean;
  /**
   * A hero band: the heading and lead share it with this content (home's loan picker), so the page can
   * set them side by side. The page that uses it styles `.page__hero` (features/home/home.css).
   */
  hero?: ReactNode;
};

/**
 * Every screen's frame: the document title ('Error: ' first while a form on it shows errors), one h1 that takes focus after a client-side navigation
 * (so a screen reader announces the new page), and the content.
 */
export function Page({ heading, title, lead, children, narrow, hero }: PageProps) {
  const h1 = useRef<HTMLHeadingElement>(null);
  const notice = use(PageNoticeContext);
  const [formsWithErrors, setFormsWithErrors] = useState(0);
  const registerErrors = useCallback(() => {
    setFormsWithErrors((n) => n + 1);
    return () => setFormsWithErrors((n) => n - 1);
  }, []);
  const docTitle = `${formsWithErrors > 0 ? 'Error: ' : ''}${title ?? (typeof heading === 'string' ? heading : '')} | ${BRAND.name}`;
  useEffect(() => {
    // The first load keeps focus at the top of the document; later navigations move it to the heading.
    if (document.body.dataset.navigated === 'true') h1.current?.focus({ preventScroll: true });
    document.body.dataset.navigated = 'true';
  }, []);
  const intro = (
    <>
      <h1 ref={h1} tabIndex={-1}>
        {heading}
      </h1>
      {lead ? <p className="page__lead">{lead}</p> : null}
      {notice}
    </>
  );
  return (
    <PageErrorsContext value={registerErrors}>
      <div className="page container" style={narrow ? { maxWidth: '42rem', marginInline: 0 } : undefined}>
        <title>{docTitle}</title>
        {hero ? (
          <div className="page__hero">
            {intro}
            {hero}
          </div>
        ) : (
          intro
        )}
        {children}
      </div>
    </PageErrorsContext>
  );
}
