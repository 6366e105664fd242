import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useParams } from 'react-router';
import { INFO_PAGES } from './info-pages';

/**
 * Built once at module load: creating a lazy component during render would make React drop its state
 * and load it again on every render.
 */
const PAGES = new Map<string, LazyExoticComponent<ComponentType>>(
  INFO_PAGES.map((p) => [p.slug, lazy(() => p.load().then((m) => ({ default: m.Component })))]),
);

export function Component() {
  const { page } = useParams();
  const InfoPage = page ? PAGES.get(page) : undefined;
  if (!InfoPage) return <Navigate to="/not-found" replace />;
  return <InfoPage />;
}
