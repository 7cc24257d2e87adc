import type { ApiErrorKind } from '../../spec/wire-format.js';

/** The HTTP status of each error the proxy answers itself, the same in every API. */
export const API_ERROR_STATUS: Readonly<Record<ApiErrorKind, number>> = {
  'invalid-request': 400,
  authentication: 401,
  forbidden: 403,
  'not-found': 404,
  'too-large': 413,
  'unsupported-media-type': 415,
  unreachable: 502,
  timeout: 504,
  internal: 500,
};
