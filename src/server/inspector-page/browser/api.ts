import { ApiError } from './api-error.js';
import { askToken, TOKEN_KEY } from './token.js';

/**
 * A call to the API: the token (when one was given) in a header, never a cookie; a change also sends the header
 * and content type the server requires of changes. A refused token asks for it again. The answer's type is the
 * caller's word for what the route returns (`api-types.ts`): the server is this package's own.
 */
export async function api<T>(method: 'GET' | 'PATCH' | 'DELETE' | 'POST', path: string, body?: unknown): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token) headers['x-memstack-token'] = token;
    if (method !== 'GET') {
      headers['x-memstack-inspector'] = '1';
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`api/${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'omit',
      cache: 'no-store',
    });
    if (response.status === 401) {
      await askToken(attempt > 0 || token !== null);
      continue;
    }
    const data: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = data !== null && typeof data === 'object' && 'error' in data ? data.error : null;
      throw new ApiError(response.status, error !== null && typeof error === 'object' ? error : null);
    }
    // A proxy in front of the server may answer with a page of its own.
    if (data === null || typeof data !== 'object') {
      throw new ApiError(response.status, {
        message: `the server answered ${path.split('?')[0]} with something other than JSON`,
      });
    }
    return data as T;
  }
}
