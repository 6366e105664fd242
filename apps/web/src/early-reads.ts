import { startFirstReads } from './lib/first-reads';

/**
 * The route shells' first script (build/route-shells.ts), a second entry of the build and a file of its
 * own: the signed-in page's reads are asked as soon as the HTML has named it, while React and the page's
 * code are still on their way (issue 50). Nothing else may be imported here.
 */
startFirstReads(location.pathname);
