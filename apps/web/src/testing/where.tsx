import { useLocation } from 'react-router';

/** Where the router is, for a test to see where a page sent the person: the path, with `search` its query too. */
export function Where({ search = false }: { search?: boolean }) {
  const { pathname, search: query } = useLocation();
  return <p data-testid="where">{search ? pathname + query : pathname}</p>;
}
