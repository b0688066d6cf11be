import { expect, type Page } from '@playwright/test';
import { AccountPage, type NewCustomer } from './account.page';

/**
 * A fresh customer of the journey's own (its document, e-mail and mobile from the clock), so
 * journeys running side by side never share one. `mobile` picks the last digits of the mobile.
 */
export function newCustomer(nombres: string, mobile: string): NewCustomer {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 10)}`.slice(-8);
  return {
    num_doc: `7${stamp}`.slice(0, 8),
    nombres,
    paterno: 'Huamán',
    materno: 'Quispe',
    sexo: 'F',
    fnacimiento: '1988-07-21',
    telefono: `9${mobile}${stamp}`.slice(0, 9),
    correo: `${nombres.split(' ')[0]}.${stamp}@example.pe`,
    clave: 'Huascaran2026',
  };
}

/** Signs the customer up, confirms the mailed link and signs in: Mi cuenta is open. */
export async function signUpAndSignIn(page: Page, customer: NewCustomer): Promise<AccountPage> {
  const account = new AccountPage(page);
  await account.openSignUp();
  await account.signUp(customer);
  await expect(account.heading()).toHaveText('Revise su correo');
  await page.goto(AccountPage.linkIn(await account.lastMail(customer.correo, /Confirme su email/)));
  await expect(account.heading()).toHaveText('Email confirmado');
  await account.openLogin();
  await account.signInWithPassword(customer.correo, customer.clave);
  await expect(page).toHaveURL(/\/micuenta$/);
  return account;
}
