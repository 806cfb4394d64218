import type { ApiResult } from '../shared/form-kit/api-client';

/** A load the server refused or could not answer, with its answer (its message, its field errors). */
export class Refused extends Error {
  constructor(readonly result: ApiResult<unknown>) {
    super(result.message);
    this.name = 'Refused';
  }
}

/** The data of a successful answer, for a query; a refusal is thrown, as a query expects. */
export async function answer<T>(request: Promise<ApiResult<T>>): Promise<T> {
  const result = await request;
  if (result.ok && result.data !== null && result.data !== undefined) return result.data;
  throw new Refused(result);
}

/** A failed load's field errors, if it named any. */
export const refusedErrors = (error: Error | null): Record<string, string> =>
  error instanceof Refused ? error.result.errors : {};
