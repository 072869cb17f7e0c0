export * from './accounts';
export * from './tasks';
