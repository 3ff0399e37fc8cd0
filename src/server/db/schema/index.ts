export * from './accounts';
export * from './chat';
export * from './discounts';
export * from './matching';
export * from './members';
export * from './moderation';
export * from './payments';
export * from './sites';
