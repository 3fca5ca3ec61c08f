import 'server-only';
import { z } from '@/lib/zod';
import type { ListingKind } from '@/lib/domain';
import { acknowledgementSchema } from '@/lib/schemas/api';
import {
  alertInputSchema,
  alertListSchema,
  alertSchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  dashboardSchema,
  deleteAccountSchema,
  favouriteIdsSchema,
  favouritesSchema,
  favouriteStateSchema,
  likesSchema,
  myListingsQuerySchema,
  myListingsSchema,
  profileSchema,
  ratingInputSchema,
  reportInputSchema,
  reviewSchema,
  settingsInputSchema,
  settingsSchema,
  unsubscribeQuerySchema,
} from '@/lib/schemas/member';
import { endpoint } from './declare';

// The member space's endpoints: the member's own account and corner (/me), favourites,
// likes, ratings and reports about other members, and route alerts.

/** Names of the request bodies in the OpenAPI document's components. */
export const memberRequestSchemas: [z.ZodType, string][] = [
  [settingsInputSchema, 'SettingsInput'],
  [changePasswordSchema, 'ChangePasswordInput'],
  [changeEmailSchema, 'ChangeEmailInput'],
  [confirmEmailChangeSchema, 'ConfirmEmailChangeInput'],
  [deleteAccountSchema, 'DeleteAccountInput'],
  [ratingInputSchema, 'RatingInput'],
  [reportInputSchema, 'ReportInput'],
  [alertInputSchema, 'AlertInput'],
];

/** Answers named in the document's components, with the sentence that describes them. */
export const memberAnswerSchemas: [z.ZodType, { id: string; description: string }][] = [
  [settingsSchema, { id: 'Settings', description: 'The member’s own account, as the settings show it.' }],
  [dashboardSchema, { id: 'Dashboard', description: 'What the dashboard’s tiles count.' }],
  [myListingsSchema, { id: 'MyListings', description: 'The member’s listings of a kind, in every state.' }],
  [favouritesSchema, { id: 'Favourites', description: 'The member’s saved listings, ended ones included.' }],
  [favouriteIdsSchema, { id: 'FavouriteIds', description: 'The listings the member saved, by kind and id.' }],
  [favouriteStateSchema, { id: 'FavouriteState', description: 'Whether the listing is saved now.' }],
  [profileSchema, { id: 'Profile', description: 'A public profile with its reliability record and reviews.' }],
  [likesSchema, { id: 'Likes', description: 'A member’s likes, and whether the viewer likes them.' }],
  [reviewSchema, { id: 'Review', description: 'A rating and its comment.' }],
  [alertSchema, { id: 'Alert', description: 'A saved search of a list.' }],
  [alertListSchema, { id: 'AlertList', description: 'The member’s route alerts.' }],
];

const exportSchema = z.record(z.string(), z.unknown());
memberAnswerSchemas.push([exportSchema, { id: 'DataExport', description: 'Everything stored about the member.' }]);

const apiCollections = { package: 'packages', travel: 'travels' } as const satisfies Record<ListingKind, string>;

function favouriteEndpoints<const K extends ListingKind>(kind: K) {
  const path = `/${apiCollections[kind]}/{id}/favourite` as const;
  const tag = kind === 'package' ? 'Packages' : 'Travels';
  return {
    save: endpoint({
      method: 'PUT',
      path,
      tag,
      summary: `Save ${kind === 'package' ? 'a package' : 'a travel'} in the favourites (again: nothing changes)`,
      session: 'required',
      data: favouriteStateSchema,
      errors: ['NOT_FOUND', 'RATE_LIMITED'],
    }),
    remove: endpoint({
      method: 'DELETE',
      path,
      tag,
      summary: `Take ${kind === 'package' ? 'a package' : 'a travel'} out of the favourites`,
      session: 'required',
      data: favouriteStateSchema,
      errors: ['RATE_LIMITED'],
    }),
  };
}

export const memberEndpoints = {
  me: {
    get: endpoint({
      method: 'GET',
      path: '/me',
      tag: 'Members',
      summary: 'The member’s own account: names, e-mail, phone, avatar, language, e-mail switches',
      session: 'required',
      data: settingsSchema,
      errors: ['USER_NOT_FOUND'],
    }),
    update: endpoint({
      method: 'PATCH',
      path: '/me',
      tag: 'Members',
      summary: 'Change names, the preferred language (that of the e-mails) or the e-mail switches',
      session: 'required',
      body: settingsInputSchema,
      data: settingsSchema,
      errors: ['USER_NOT_FOUND'],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/me',
      tag: 'Members',
      summary: 'Delete the account, with the password',
      description:
        'Removes the account, its sessions, listings and photos, the conversations it took part in (for both sides), its proposals, favourites, likes, ratings given and received, reports and alerts, as the privacy page says. Messages to support stay, without a link to the account.',
      session: 'required',
      body: deleteAccountSchema,
      data: acknowledgementSchema,
      errors: ['CURRENT_PASSWORD_INVALID', 'USER_NOT_FOUND', 'RATE_LIMITED'],
    }),
    avatar: endpoint({
      method: 'POST',
      path: '/me/avatar',
      tag: 'Members',
      summary: 'A new avatar (one file in the part `images`): cropped square and re-encoded without metadata',
      session: 'required',
      body: 'images',
      maxFiles: 1,
      data: settingsSchema,
      errors: ['NO_FILE', 'TOO_MANY_IMAGES', 'IMAGE_TOO_BIG', 'UNSUPPORTED_FORMAT', 'USER_NOT_FOUND', 'RATE_LIMITED'],
    }),
    removeAvatar: endpoint({
      method: 'DELETE',
      path: '/me/avatar',
      tag: 'Members',
      summary: 'Remove the avatar',
      session: 'required',
      data: settingsSchema,
      errors: ['USER_NOT_FOUND'],
    }),
    password: endpoint({
      method: 'POST',
      path: '/me/password',
      tag: 'Members',
      summary: 'Change the password: the current one, a new one (6 at least, not the old one), typed twice',
      description: 'The member’s other sessions are signed out; this one stays.',
      session: 'required',
      body: changePasswordSchema,
      data: acknowledgementSchema,
      errors: ['CURRENT_PASSWORD_INVALID', 'PASSWORD_SAME_AS_OLD', 'RATE_LIMITED'],
    }),
    email: endpoint({
      method: 'POST',
      path: '/me/email',
      tag: 'Members',
      summary: 'Change the e-mail address: a link goes to the new address, which counts once it is followed',
      session: 'required',
      body: changeEmailSchema,
      data: acknowledgementSchema,
      errors: ['CURRENT_PASSWORD_INVALID', 'EMAIL_TAKEN', 'USER_NOT_FOUND', 'RATE_LIMITED'],
    }),
    confirmEmail: endpoint({
      method: 'POST',
      path: '/me/email/confirm',
      tag: 'Members',
      summary: 'Follow the link sent to a new address: it becomes the account’s, confirmed',
      description: 'The token proves it; no session is needed (the link may be opened on another device).',
      body: confirmEmailChangeSchema,
      data: acknowledgementSchema,
      errors: ['INVALID_EMAIL_TOKEN', 'EMAIL_TAKEN', 'USER_NOT_FOUND'],
    }),
    dashboard: endpoint({
      method: 'GET',
      path: '/me/dashboard',
      tag: 'Members',
      summary: 'The dashboard’s counts: open listings, unread messages, pending proposals, favourites, alerts',
      session: 'required',
      data: dashboardSchema,
      errors: [],
    }),
    listings: endpoint({
      method: 'GET',
      path: '/me/listings',
      tag: 'Members',
      summary: 'The member’s listings of a kind in every state, with proposals, unread messages and status changes',
      session: 'required',
      query: myListingsQuerySchema,
      data: myListingsSchema,
      errors: [],
    }),
    export: endpoint({
      method: 'GET',
      path: '/me/export',
      tag: 'Members',
      summary: 'Download my data: everything stored about the member, as a JSON file',
      description: 'Not wrapped in the envelope: the file itself (Content-Disposition: attachment).',
      session: 'required',
      data: exportSchema,
      envelope: false,
      errors: ['USER_NOT_FOUND'],
    }),
  },
  favourites: {
    list: endpoint({
      method: 'GET',
      path: '/favourites',
      tag: 'Members',
      summary: 'The member’s favourites, newest first; listings that ended are marked so',
      session: 'required',
      data: favouritesSchema,
      errors: [],
    }),
    ids: endpoint({
      method: 'GET',
      path: '/favourites/ids',
      tag: 'Members',
      summary: 'The kinds and ids of the member’s favourites (the hearts of a page)',
      session: 'required',
      data: favouriteIdsSchema,
      errors: [],
    }),
  },
  packageFavourite: favouriteEndpoints('package'),
  travelFavourite: favouriteEndpoints('travel'),
  users: {
    profile: endpoint({
      method: 'GET',
      path: '/users/{userId}/profile',
      tag: 'Users',
      summary: 'A public profile: reliability record, reviews, likes, open listings',
      description: 'With a session, `viewer` says what the signed-in member may do there (like, rate, report).',
      session: 'optional',
      data: profileSchema,
      errors: ['USER_NOT_FOUND'],
    }),
    like: endpoint({
      method: 'PUT',
      path: '/users/{userId}/like',
      tag: 'Users',
      summary: 'Like a member (not oneself)',
      session: 'required',
      data: likesSchema,
      errors: ['CANNOT_TARGET_SELF', 'USER_NOT_FOUND', 'RATE_LIMITED'],
    }),
    unlike: endpoint({
      method: 'DELETE',
      path: '/users/{userId}/like',
      tag: 'Users',
      summary: 'No longer like a member',
      session: 'required',
      data: likesSchema,
      errors: ['CANNOT_TARGET_SELF', 'USER_NOT_FOUND', 'RATE_LIMITED'],
    }),
    rate: endpoint({
      method: 'POST',
      path: '/users/{userId}/ratings',
      tag: 'Users',
      summary: 'Rate a member 1 to 5 with a comment, once, after a deal with them',
      description:
        'Only after a delivered deal (the handover codes) or an accepted one whose listing’s arrival date has passed, between the two.',
      session: 'required',
      body: ratingInputSchema,
      data: reviewSchema,
      errors: ['CANNOT_TARGET_SELF', 'USER_NOT_FOUND', 'ALREADY_RATED', 'RATING_NOT_ALLOWED', 'RATE_LIMITED'],
    }),
    report: endpoint({
      method: 'POST',
      path: '/users/{userId}/reports',
      tag: 'Users',
      summary: 'Report a member, with a reason from the list and details (once per member)',
      description:
        'A member reported by three different members is flagged: they go to the top of the moderation queue and support is told; a report alone changes nothing public.',
      session: 'required',
      body: reportInputSchema,
      data: acknowledgementSchema,
      errors: ['CANNOT_TARGET_SELF', 'USER_NOT_FOUND', 'ALREADY_REPORTED', 'RATE_LIMITED'],
    }),
  },
  alerts: {
    list: endpoint({
      method: 'GET',
      path: '/alerts',
      tag: 'Alerts',
      summary: 'The member’s route alerts',
      session: 'required',
      data: alertListSchema,
      errors: [],
    }),
    create: endpoint({
      method: 'POST',
      path: '/alerts',
      tag: 'Alerts',
      summary: 'Save the filters of a list: new matching listings come by e-mail, one digest a day at most',
      session: 'required',
      body: alertInputSchema,
      data: alertSchema,
      errors: ['TOO_MANY_ALERTS', 'RATE_LIMITED'],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: '/alerts/{id}',
      tag: 'Alerts',
      summary: 'Delete a route alert',
      session: 'required',
      data: acknowledgementSchema,
      errors: ['ALERT_NOT_FOUND'],
    }),
    unsubscribe: endpoint({
      method: 'POST',
      path: '/alerts/unsubscribe',
      tag: 'Alerts',
      summary: 'One-click unsubscribe: the token of an alert’s e-mail deletes that alert',
      description:
        'The e-mail’s link and its List-Unsubscribe header point here (RFC 8058: a mail client posts `List-Unsubscribe=One-Click`, which is ignored); no session.',
      query: unsubscribeQuerySchema,
      data: acknowledgementSchema,
      errors: ['ALERT_NOT_FOUND'],
    }),
  },
};
