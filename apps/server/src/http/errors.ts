import { errorCodes, type ApiErrorBody, type ErrorName } from '@casino/contracts/errors';

/**
 * The one error type of the server. Services throw it with a name from the code table in
 * packages/contracts; the error handler turns it into the error envelope with the table's status.
 */
export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly details: unknown;

  constructor(errorName: ErrorName, description?: string, details?: unknown) {
    super(description ?? errorCodes[errorName].description);
    this.name = 'AppError';
    this.errorName = errorName;
    this.details = details;
  }

  get status(): number {
    return errorCodes[this.errorName].status;
  }

  toBody(): ApiErrorBody {
    const item = { errorCode: errorCodes[this.errorName].code, name: this.errorName, description: this.message };
    return { errors: [this.details === undefined ? item : { ...item, details: this.details }] };
  }
}

export function errorBody(errorName: ErrorName, description?: string, details?: unknown): ApiErrorBody {
  return new AppError(errorName, description, details).toBody();
}
