import type { ReactNode } from 'react';
import { useEffect } from 'react';
import '../../components/form/form.css';
import './staff.css';

/** The signed-out pages of the console (sign-in, invitation): the console's bar, no navigation. */
export function StaffPublicFrame({ heading, children }: { heading: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${heading} | Staff console`;
  }, [heading]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="staff-bar">
        <span className="staff-bar__name">Staff console</span>
      </header>
      <main id="main" className="staff-main staff-main--narrow">
        <h1>{heading}</h1>
        {children}
      </main>
    </>
  );
}
