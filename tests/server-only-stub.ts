// `server-only` throws outside React Server Components; in jest the server modules are tested directly.
export {};
