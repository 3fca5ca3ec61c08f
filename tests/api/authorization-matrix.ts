// Who may do what: for every endpoint of /api/user/v1 (lib/server/http/endpoints/index.ts), the status a VALID
// request gets from each of three callers. This table is the documentation; authorization-requests.ts makes
// the requests, authorization.test.ts sends them (a new endpoint without a row fails there) and
// authorization-matrix.test.ts checks that the table and the requests cover the API, row for row.

export type Status = number;

/*
 * guest  no session
 * other  another signed-in user (never a participant of a proposal or conversation)
 * owner  the owner of the package or travel, the user of /users/{userId}/...; of a proposal, the side
 *        whose step it is (the listing's owner to accept or counter, the proposer to change it, the
 *        carrier to type a code); of a conversation or message, the listing's owner; where there is
 *        nothing to own, a signed-in user like `other`; of a moderation endpoint, a staff member
 * null   no such caller: an account is signed in only once its address is confirmed (the test checks
 *        that this account cannot sign in)
 */
// prettier-ignore
export const matrix: Record<string, { guest: Status; other: Status; owner: Status | null }> = {
  'POST /auth/sign-up':                       { guest: 200, other: 200, owner: 200 },
  'POST /auth/resend-confirmation':           { guest: 200, other: 200, owner: 200 },
  'POST /auth/sign-in':                       { guest: 200, other: 200, owner: 200 },
  'POST /auth/sign-out':                      { guest: 200, other: 200, owner: 200 },
  'GET /auth/session':                        { guest: 200, other: 200, owner: 200 },
  'POST /auth/forgot-password':               { guest: 200, other: 200, owner: 200 },
  'GET /users/{userId}':                      { guest: 200, other: 200, owner: 200 },
  'POST /users/{userId}/confirm-email':       { guest: 200, other: 200, owner: null },
  'POST /users/{userId}/resend-confirmation': { guest: 200, other: 200, owner: null },
  'POST /users/{userId}/reset-password':      { guest: 200, other: 200, owner: 200 },
  'POST /users/{userId}/confirm-phone':       { guest: 401, other: 403, owner: 200 },
  'GET /users/{userId}/confirm-phone':        { guest: 401, other: 403, owner: 200 },
  'POST /users/{userId}/validate-code':       { guest: 401, other: 403, owner: 200 },
  'GET /packages':                            { guest: 200, other: 200, owner: 200 },
  'POST /packages':                           { guest: 401, other: 200, owner: 200 },
  'GET /packages/{id}':                       { guest: 200, other: 200, owner: 200 },
  'PUT /packages/{id}':                       { guest: 401, other: 403, owner: 200 },
  'DELETE /packages/{id}':                    { guest: 401, other: 403, owner: 200 },
  'POST /packages/{id}/status':               { guest: 401, other: 403, owner: 200 },
  'POST /packages/{id}/images':               { guest: 401, other: 403, owner: 200 },
  'GET /travels':                             { guest: 200, other: 200, owner: 200 },
  'POST /travels':                            { guest: 401, other: 200, owner: 200 },
  'GET /travels/{id}':                        { guest: 200, other: 200, owner: 200 },
  'PUT /travels/{id}':                        { guest: 401, other: 403, owner: 200 },
  'DELETE /travels/{id}':                     { guest: 401, other: 403, owner: 200 },
  'POST /travels/{id}/status':                { guest: 401, other: 403, owner: 200 },
  'POST /proposals':                          { guest: 401, other: 200, owner: 403 },
  'GET /proposals':                           { guest: 401, other: 200, owner: 200 },
  'GET /proposals/{id}':                      { guest: 401, other: 403, owner: 200 },
  'PUT /proposals/{id}':                      { guest: 401, other: 403, owner: 200 },
  'POST /proposals/{id}/cancel':              { guest: 401, other: 403, owner: 200 },
  'POST /proposals/{id}/accept':              { guest: 401, other: 403, owner: 200 },
  'POST /proposals/{id}/decline':             { guest: 401, other: 403, owner: 200 },
  'POST /proposals/{id}/counter':             { guest: 401, other: 403, owner: 200 },
  'POST /proposals/{id}/pickup':              { guest: 401, other: 403, owner: 200 },
  'POST /proposals/{id}/deliver':             { guest: 401, other: 403, owner: 200 },
  'GET /conversations':                       { guest: 401, other: 200, owner: 200 },
  'POST /conversations':                      { guest: 401, other: 200, owner: 403 },
  'GET /conversations/{id}':                  { guest: 401, other: 403, owner: 200 },
  'POST /conversations/{id}/messages':        { guest: 401, other: 403, owner: 200 },
  'POST /conversations/{id}/images':          { guest: 401, other: 403, owner: 200 },
  'POST /conversations/{id}/receipts':        { guest: 401, other: 403, owner: 200 },
  'GET /messages/{id}/image':                 { guest: 401, other: 403, owner: 200 },
  'GET /events':                              { guest: 401, other: 200, owner: 200 },
  'GET /nearby':                              { guest: 200, other: 200, owner: 200 },
  'GET /me':                                  { guest: 401, other: 200, owner: 200 },
  'PATCH /me':                                { guest: 401, other: 200, owner: 200 },
  'DELETE /me':                               { guest: 401, other: 200, owner: 200 },
  'POST /me/deletion/confirm':                { guest: 200, other: 200, owner: 200 },
  'DELETE /me/sign-ins/{provider}':           { guest: 401, other: 404, owner: 200 },
  'POST /me/avatar':                          { guest: 401, other: 200, owner: 200 },
  'DELETE /me/avatar':                        { guest: 401, other: 200, owner: 200 },
  'POST /me/password':                        { guest: 401, other: 200, owner: 200 },
  'POST /me/email':                           { guest: 401, other: 200, owner: 200 },
  'POST /me/email/confirm':                   { guest: 200, other: 200, owner: 200 },
  'GET /me/dashboard':                        { guest: 401, other: 200, owner: 200 },
  'GET /me/listings':                         { guest: 401, other: 200, owner: 200 },
  'GET /me/export':                           { guest: 401, other: 200, owner: 200 },
  'GET /favourites':                          { guest: 401, other: 200, owner: 200 },
  'GET /favourites/ids':                      { guest: 401, other: 200, owner: 200 },
  'PUT /packages/{id}/favourite':             { guest: 401, other: 200, owner: 200 },
  'DELETE /packages/{id}/favourite':          { guest: 401, other: 200, owner: 200 },
  'PUT /travels/{id}/favourite':              { guest: 401, other: 200, owner: 200 },
  'DELETE /travels/{id}/favourite':           { guest: 401, other: 200, owner: 200 },
  'GET /users/{userId}/profile':              { guest: 200, other: 200, owner: 200 },
  'PUT /users/{userId}/like':                 { guest: 401, other: 200, owner: 403 },
  'DELETE /users/{userId}/like':              { guest: 401, other: 200, owner: 403 },
  'POST /users/{userId}/ratings':             { guest: 401, other: 200, owner: 403 },
  'POST /users/{userId}/reports':             { guest: 401, other: 200, owner: 403 },
  'GET /alerts':                              { guest: 401, other: 200, owner: 200 },
  'POST /alerts':                             { guest: 401, other: 200, owner: 200 },
  'DELETE /alerts/{id}':                      { guest: 401, other: 404, owner: 200 },
  'POST /alerts/unsubscribe':                 { guest: 200, other: 200, owner: 200 },
  'GET /push/key':                            { guest: 401, other: 200, owner: 200 },
  'POST /push/subscriptions':                 { guest: 401, other: 200, owner: 200 },
  'DELETE /push/subscriptions':               { guest: 401, other: 200, owner: 200 },
  'POST /push/shown':                         { guest: 401, other: 200, owner: 200 },
  'POST /notifications/unsubscribe':          { guest: 200, other: 200, owner: 200 },
  'GET /places':                              { guest: 200, other: 200, owner: 200 },
  'GET /price-estimate':                      { guest: 200, other: 200, owner: 200 },
  'GET /route-prices':                        { guest: 200, other: 200, owner: 200 },
  'GET /contact/captcha':                     { guest: 200, other: 200, owner: 200 },
  'POST /contact':                            { guest: 200, other: 200, owner: 200 },
  'POST /newsletter':                         { guest: 200, other: 200, owner: 200 },
  'POST /newsletter/confirm':                 { guest: 200, other: 200, owner: 200 },
  'POST /newsletter/unsubscribe':             { guest: 200, other: 200, owner: 200 },
  'GET /newsletter/unsubscribe':              { guest: 303, other: 303, owner: 303 },
  'GET /openapi.json':                        { guest: 200, other: 200, owner: 200 },
  // Moderation: `owner` is a staff member (`other` a member who is not).
  'GET /moderation/queue':                    { guest: 401, other: 403, owner: 200 },
  'GET /moderation/members':                  { guest: 401, other: 403, owner: 200 },
  'GET /moderation/members/{userId}':         { guest: 401, other: 403, owner: 200 },
  'POST /moderation/members/{userId}/actions': { guest: 401, other: 403, owner: 200 },
  'POST /moderation/listings/{id}/actions':   { guest: 401, other: 403, owner: 200 },
  'GET /moderation/identity/{id}/{file}':     { guest: 401, other: 403, owner: 200 },
  'POST /moderation/identity/{id}/decision':  { guest: 401, other: 403, owner: 200 },
  'GET /me/identity':                         { guest: 401, other: 200, owner: 200 },
  'POST /me/identity':                        { guest: 401, other: 200, owner: 200 },
  'PUT /users/{userId}/block':                { guest: 401, other: 200, owner: 403 },
  'DELETE /users/{userId}/block':             { guest: 401, other: 200, owner: 403 },
  'GET /me/blocks':                           { guest: 401, other: 200, owner: 200 },
  // Counted visits: anyone's page reports (204, counted or not); the statistics are staff only (`owner`).
  'POST /page-events':                        { guest: 204, other: 204, owner: 204 },
  'GET /statistics':                          { guest: 401, other: 403, owner: 200 },
  'GET /statistics/export':                   { guest: 401, other: 403, owner: 200 },
};

export const callers = ['guest', 'other', 'owner'] as const;
export type Caller = (typeof callers)[number];
