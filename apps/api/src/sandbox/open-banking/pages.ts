import { sandboxPage } from '../sandbox-page';

export { sendSandboxPage as sendPage } from '../sandbox-page';

/** The sandbox bank's pages, with its own stylesheet. */
export const page = (title: string, body: string) => sandboxPage(title, body, 'bank.css');
