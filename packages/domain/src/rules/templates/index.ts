export * from './campaign-media.ts';
export * from './limits.ts';
export * from './model.ts';
export * from './rbm-json.ts';
export * from './rcs-rules.ts';
export * from './variables.ts';
export * from './whatsapp-json.ts';
export * from './whatsapp-rules.ts';
