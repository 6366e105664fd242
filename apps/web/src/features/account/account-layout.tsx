import { Outlet } from 'react-router';

/** The account area: opening it loads the account details once for every child page. */
export function Component() {
  return <Outlet />;
}
