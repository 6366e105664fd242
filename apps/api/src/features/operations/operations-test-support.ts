import type { TestApp } from '../../test/test-app';

// The answers of many calls, each checked by its test with toEqual / toMatchObject.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { error: { errorID: number; errorMessage: string }; object: any };

/**
 * The staff calls as the console sends them (as the admin unless another member's cookie is given), and the
 * audit rows of an action. Takes the app and the admin's cookie through getters because a test file makes
 * them in `beforeAll`, after these are bound.
 */
export function operationsCalls(app: () => TestApp, adminCookie: () => string) {
  const post = async (action: string, body: unknown, cookie = adminCookie()) => {
    const res = await app().app.inject({
      method: 'POST',
      url: `/api/staff/${action}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: res.statusCode, ...(res.json() as Answer) };
  };
  const get = async (url: string, cookie = adminCookie()) => {
    const res = await app().app.inject({ method: 'GET', url: `/api/staff/${url}`, headers: { cookie } });
    return res;
  };
  const auditRows = (action: string) =>
    app().ctx.db.selectFrom('audit_events').selectAll().where('action', '=', action).orderBy('id').execute();

  return { post, get, auditRows };
}
