/** What `api()` throws for every failure: a non-zero code, an HTTP failure, or a network error. */
export class ApiError<T = unknown> extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: T;

  constructor(code: number, msg: string, data: T) {
    super(msg || `code ${code}`);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.data = data;
  }
}

/** Code used for failures that never reached a JSON answer (network down, timeout, non-JSON body). */
export const NETWORK_ERROR_CODE = -1;
