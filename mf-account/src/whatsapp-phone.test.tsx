import { endpoints } from '@rumbo/shared/contract';
import { answer, json, renderWithUi, stubEndpoints } from '@rumbo/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpAccountPages } from './testing/setup';
import { WhatsAppPhoneBox } from './whatsapp-phone';

setUpAccountPages();

describe("the mobile's confirmation for WhatsApp (issue 48)", () => {
  it('sends a code by WhatsApp, shows the refusal of a wrong one beside its field, and says when the mobile is confirmed', async () => {
    let tries = 0;
    stubEndpoints(
      answer(endpoints.whatsappPhone, { telefono: '••••••321', confirmado: false, disponible: true }),
      answer(endpoints.whatsappPhoneCode, { enviado: true }),
      answer(endpoints.whatsappPhoneConfirm, () =>
        (tries += 1) === 1 ? json(400, { code: 'privacy.codigo.invalid', field: 'codigo', message: 'x' }) : json(200, { data: { telefono: '••••••321', confirmado: true, disponible: true } }),
      ),
    );
    const user = userEvent.setup();
    renderWithUi(<WhatsAppPhoneBox />);
    expect(await screen.findByText(/su celular ••••••321 aún no está confirmado/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviarme un código por WhatsApp' }));
    const code = await screen.findByRole('textbox', { name: /Código recibido por WhatsApp/ });
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar mi celular' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('El código no es correcto o ya venció. Pida uno nuevo.'));
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirmar mi celular' }));
    expect(await screen.findByText('WhatsApp: su celular ••••••321 está confirmado.')).toBeInTheDocument();
  });
});
