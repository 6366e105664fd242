import { sandboxPage } from '../sandbox-page';

export { sendSandboxPage as sendPage } from '../sandbox-page';

/** The test bank's challenge pages, with the card sandbox's stylesheet. */
export const page = (title: string, body: string) => sandboxPage(title, body, 'challenge.css');
