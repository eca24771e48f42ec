export { seedDemoData } from './demo.ts';
export { DEMO_ACCOUNTS, DEMO_PARTNERS, DEMO_PASSWORD, type DemoAccount } from './demo-accounts.ts';
export { seedReferenceData } from './reference-data.ts';
