/**
 * The local server's route lookup (server/app.ts, routeMatcher): compiled once from the route table, it must find
 * exactly the routes the plain scan over every route path finds (matchPath), in table order, for any path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/routes.js';
import { matchPath, routeMatcher } from '../../server/app.js';

const route = (method: Route['method'], path: string): Route => ({
  method, path, name: `${method} ${path}`, entry: 'none.ts', summary: '', load: () => Promise.reject(new Error('not loaded in this test')),
});

/** The lookup the server did before it was compiled: every route, its pattern tried on the path. */
function scan(routes: readonly Route[], path: string) {
  return routes.flatMap((r) => {
    const params = matchPath(r.path, path);
    return params === undefined ? [] : [{ route: r, params }];
  });
}

describe('routeMatcher', () => {
  it('finds a plain path by its text, with no parameters', () => {
    const match = routeMatcher(ROUTES)('/api/v2/xml');
    expect(match.map((m) => [m.route.method, m.route.path, m.params])).toEqual([['POST', '/api/v2/xml', {}]]);
  });

  it('decodes path parameters, and keeps a value that is not valid percent-encoding as sent', () => {
    const find = routeMatcher(ROUTES);
    expect(find('/api/v1/jobs/job%20one')[0]).toMatchObject({ route: { name: 'v1-jobs' }, params: { jobId: 'job one' } });
    expect(find('/api/v1/jobs/100%')[0]!.params).toEqual({ jobId: '100%' });
  });

  it('lists every route of a path in table order, a parameterised one that also matches a plain path included', () => {
    const routes = [route('GET', '/a/{x}'), route('POST', '/a/b'), route('GET', '/c')];
    expect(routeMatcher(routes)('/a/b').map((m) => [m.route.method, m.params])).toEqual([['GET', { x: 'b' }], ['POST', {}]]);
    expect(routeMatcher(routes)('/a/z').map((m) => [m.route.method, m.params])).toEqual([['GET', { x: 'z' }]]);
    expect(routeMatcher(routes)('/nothing')).toEqual([]);
  });

  it('gives fresh parameter objects: a handler changing its event does not change the next lookup', () => {
    const routes = [route('GET', '/a/{x}'), route('POST', '/a/b')];
    const find = routeMatcher(routes);
    find('/a/b')[0]!.params.x = 'changed';
    expect(find('/a/b')[0]!.params).toEqual({ x: 'b' });
  });

  it('finds what the plain scan finds, for any path made of route segments and other text', () => {
    const find = routeMatcher(ROUTES);
    const segments = [...new Set(ROUTES.flatMap((r) => r.path.split('/')).filter((s) => s !== '' && !s.includes('{')))];
    const segment = fc.oneof(fc.constantFrom(...segments), fc.string({ maxLength: 6 }), fc.constantFrom('%41', '%', '..', '{jobId}'));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (parts) => {
        const path = `/${parts.join('/')}`;
        expect(find(path)).toEqual(scan(ROUTES, path));
      }),
      { numRuns: 2000 },
    );
    for (const r of ROUTES) {
      const path = r.path.replace(/\{\w+\}/g, 'value');
      expect(find(path)).toEqual(scan(ROUTES, path));
    }
  });
});
