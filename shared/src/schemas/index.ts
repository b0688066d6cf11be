export * from './complaint.schema';
export * from './validation.messages';
