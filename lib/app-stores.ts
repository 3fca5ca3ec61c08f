// Where the mobile app is downloaded. The specification does not give the store listings;
// these open the stores' search for the app until the listings' own URLs are known.
export const appStoreLinks = {
  googlePlay: 'https://play.google.com/store/search?q=colibri%20colis&c=apps',
  appStore: 'https://apps.apple.com/tn/search?term=colibri%20colis',
} as const;
