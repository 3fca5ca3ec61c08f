// The error catalogue (specification, section 8): a stable machine code, its HTTP status, and a
// message in the `Errors` namespace of every message file (same key as the code).

export const errorCatalogue = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  USER_NOT_FOUND: 404,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  EMAIL_TAKEN: 409,
  PHONE_TAKEN: 409,
  PHONE_ALREADY_VERIFIED: 409,
  EMAIL_ALREADY_VERIFIED: 409,
  INVALID_PHONE: 400,
  INVALID_PHONE_CODE: 400,
  PHONE_CODE_EXPIRED: 400,
  NO_PENDING_PHONE_CODE: 400,
  PHONE_NOT_MOBILE: 400,
  PHONE_COUNTRY_NOT_SERVED: 400,
  PHONE_NUMBER_LIMIT: 429,
  SMS_UNAVAILABLE: 503,
  TOO_MANY_ATTEMPTS: 429,
  RESEND_TOO_SOON: 429,
  INVALID_EMAIL_TOKEN: 400,
  UNSUBSCRIBE_LINK_INVALID: 400,
  CONFIRM_PASSWORD_REQUIRED: 400,
  CONFIRM_PASSWORD_INVALID: 400,
  LAST_SIGN_IN_METHOD: 409,
  RESET_TOKEN_INVALID: 400,
  PASSWORD_SAME_AS_OLD: 400,
  RESET_ALREADY_REQUESTED: 429,
  PASSWORDS_DO_NOT_MATCH: 400,
  UNDERAGE: 400,
  TERMS_NOT_ACCEPTED: 400,
  RATE_LIMITED: 429,
  NO_FILE: 400,
  UNSUPPORTED_FORMAT: 415,
  IMAGE_TOO_BIG: 413,
  IMAGE_TOO_MANY_PIXELS: 413,
  TOO_MANY_IMAGES: 400,
  PHONE_CONFIRMATION_FAILED: 500,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_CONTENT_TYPE: 415,
  CROSS_SITE_REQUEST: 403,
  PROPOSAL_NOT_FOUND: 404,
  PROPOSAL_SELF: 403,
  PROPOSAL_EXISTS: 409,
  PROPOSAL_NOT_ALLOWED: 409,
  NOT_PARTICIPANT: 403,
  LISTING_CLOSED: 409,
  CONVERSATION_NOT_FOUND: 404,
  CONVERSATION_SELF: 403,
  MESSAGE_NOT_FOUND: 404,
  INVALID_HANDOVER_CODE: 400,
  CAPTCHA_INVALID: 400,
  CAPTCHA_ALREADY_USED: 400,
  NEWSLETTER_ALREADY_SENT: 429,
  NEWSLETTER_LINK_INVALID: 400,
  CURRENT_PASSWORD_INVALID: 400,
  CANNOT_TARGET_SELF: 403,
  ALREADY_RATED: 409,
  RATING_NOT_ALLOWED: 403,
  ALREADY_REPORTED: 409,
  LISTING_STATUS_NOT_ALLOWED: 409,
  ALERT_NOT_FOUND: 404,
  TOO_MANY_ALERTS: 409,
  ACCOUNT_SUSPENDED: 403,
  MODERATION_NOT_ALLOWED: 409,
  IDENTITY_CHECK_PENDING: 409,
  IDENTITY_ALREADY_VERIFIED: 409,
  MEMBER_BLOCKED: 403,
  PHONE_NOT_VERIFIED: 403,
  LISTING_HAS_DEAL: 409,
  PROPOSAL_LIMIT_REACHED: 409,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in errorCatalogue;
}

/**
 * A failure the user can be told about: a code of the catalogue, optional field errors (message keys),
 * and for a limit, the seconds before another try may succeed (the answer's Retry-After).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.status = errorCatalogue[code];
  }
}

/** The API's answer shapes (CONTRACT.md "HTTP API"). */
export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = {
  success: false;
  /** `retryAfter`: the seconds of the answer's Retry-After header, when it has one. */
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; retryAfter?: number };
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;
