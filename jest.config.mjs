import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

export default createJestConfig({
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/tests/setup-jest.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1', '^server-only$': '<rootDir>/tests/server-only-stub.ts' },
  testMatch: [
    '<rootDir>/tests/unit/**/*.test.ts?(x)',
    '<rootDir>/components/**/*.test.tsx',
    '<rootDir>/lib/**/*.test.ts',
  ],
  transformIgnorePatterns: ['/node_modules/(?!(next-intl|use-intl)/)'],
});
