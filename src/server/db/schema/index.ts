export * from './accounts';
export * from './insights';
export * from './lockin';
export * from './plans';
export * from './tasks';
export * from './push';
export * from './secrets';
export * from './blocking';
