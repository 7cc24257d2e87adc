/** An API call's failure: the HTTP status and the error the server answered with, when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, error: { message?: unknown; code?: unknown } | null | undefined) {
    super(typeof error?.message === 'string' && error.message !== '' ? error.message : `HTTP ${status}`);
    this.status = status;
    this.code = typeof error?.code === 'string' ? error.code : undefined;
  }
}
