import { STATUS_CODE } from '@portico/domain';

/** The body of every API response (docs/DESIGN.md "Envelope"). */
export interface Envelope<T> {
  status_code: number;
  message: string;
  data: T;
}

export const SUCCESS_MESSAGE = 'Success';

/** A success envelope (status_code 10). */
export function ok<T>(data: T, message: string = SUCCESS_MESSAGE): Envelope<T> {
  return { status_code: STATUS_CODE.success, message, data };
}

/** A failure envelope (status_code 11), for errors and for the few "failed but HTTP 200" answers the spec has. */
export function failed<T = null>(message: string, data: T = null as T): Envelope<T> {
  return { status_code: STATUS_CODE.failed, message, data };
}
