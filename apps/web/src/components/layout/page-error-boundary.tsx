import { BRAND } from '@lender/contract/brand';
import { Component, type ReactNode } from 'react';

type State = { failed: boolean };
type Props = {
  children: ReactNode;
  resetKey: string;
  /** Shown instead of the error page (the footer and the loader fall back to nothing). */
  fallback?: ReactNode;
};

/** A page that fails to load or render (for example a chunk gone after a release) gets a way out. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <div className="page container">
        <title>{`Something went wrong | ${BRAND.name}`}</title>
        <h1>Something went wrong</h1>
        <p>This page could not be shown. Please reload the page, or go back to the home page.</p>
        <p>If it keeps happening, call us on {BRAND.supportPhone}.</p>
        <p>
          <a className="button" href="/">
            Go to the home page
          </a>
        </p>
      </div>
    );
  }
}
