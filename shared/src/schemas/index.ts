export * from './complaint.schema';
export * from './validation.messages';
export * from './complaint.labels';
export * from './trips.schema';
export * from './cargo.schema';
export * from './company.schema';
