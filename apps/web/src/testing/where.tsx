import { screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { storeTokens } from '../lib/session';

/** Where the router is, for a test to see where a page sent the person: the path, with `search` its query too. */
export function Where({ search = false }: { search?: boolean }) {
  const { pathname, search: query } = useLocation();
  return <p data-testid="where">{search ? pathname + query : pathname}</p>;
}

/** The path `<Where>` shows. */
export const where = () => screen.getByTestId('where').textContent;

/** The API client navigates (401 -> login, HTTP failure -> /error) through the router, as the app's root does. */
export function RouterNavigator() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => void navigate(to)), [navigate]);
  return null;
}

/** A signed-in browser: the tokens the page's calls send (the stubbed server takes any). */
export const signIn = () => storeTokens({ token: 'access', refreshToken: 'refresh' });
