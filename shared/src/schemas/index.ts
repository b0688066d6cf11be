export * from './complaint.schema';
export * from './validation.messages';
export * from './complaint.labels';
export * from './trips.schema';
export * from './booking.contract';
export * from './sales.messages';
export * from './sales.schema';
