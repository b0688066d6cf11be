/** Every table, per domain; drizzle-kit generates the migrations from this file. */
export * from '../accounts/accounts.tables';
export * from '../cities/cities.tables';
export * from '../complaints/complaints.tables';
export * from '../content/content.tables';
export * from '../mail/mail.tables';
export * from '../seats/seats.tables';
export * from '../seats/hold-extension.tables';
export * from '../trips/trips.tables';
export * from '../agencies/agencies.tables';
export * from '../cargo/cargo.tables';
export * from '../companies/companies.tables';
export * from '../content/destinations.tables';
export * from '../promotions/promotions.tables';
export * from '../people/people.tables';
export * from '../sales/sales.tables';
export * from '../aftersale/aftersale.tables';
export * from '../pocket/pocket.tables';
