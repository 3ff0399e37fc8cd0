export * from './accounts';
export * from './chat';
export * from './members';
export * from './sites';
