export * from './complaint.schema';
export * from './validation.messages';
export * from './complaint.labels';
export * from './account.schema';
export * from './account.messages';
