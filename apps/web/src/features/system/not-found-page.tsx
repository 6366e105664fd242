import { Link } from 'react-router';
import { Page } from '../../components/page';

export function Component() {
  return (
    <Page heading="Page not found">
      <p>
        The page you were looking for does not exist or has moved. Check the address, or start again below.
      </p>
      <p>
        <Link className="button" to="/">
          Go to the home page
        </Link>
      </p>
    </Page>
  );
}
