import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountEs: CatalogOf<typeof accountEn> = {
  "account.signedIn": "Sesión iniciada como {name} ({email})",
  "account.signOut": "Cerrar sesión",
  "account.createButton": "Crear cuenta",
  "account.haveOne": "¿Ya tiene una cuenta?",
  "account.working": "Un momento…",
  "account.wrongPassword": "El correo electrónico o la contraseña no son correctos. Revíselos e inténtelo de nuevo.",
  "account.tooMany": "Demasiados intentos de inicio de sesión desde aquí. Espere un minuto e inténtelo de nuevo.",
  "account.emailTaken": "Ya existe una cuenta con este correo electrónico. Inicie sesión con ella.",
  "account.fill": "Introduzca su correo electrónico y su contraseña.",
  "account.fillCreate": "Introduzca su nombre, su correo electrónico y una contraseña.",
  "account.shortPassword": "Elija una contraseña de al menos 8 caracteres.",
  "account.badEmail": "Introduzca un correo electrónico válido.",
  "account.failed": "No ha funcionado. Inténtelo de nuevo en un momento.",
  "account.offline": "Parece que no tiene conexión. Compruébela e inténtelo de nuevo.",
  "account.ended": "Su sesión ha terminado. Vuelva a iniciar sesión.",
  "account.usePackage": "Usar una sesión de mi bono ({name}, {credits, plural, one {queda #} other {quedan #}})",
  "account.signInToBook":
    "Este negocio solo acepta reservas de clientes con cuenta. Inicie sesión o cree una cuenta arriba y luego confirme.",
  "account.packageKept":
    "El código de su bono va de camino a {email} y su cuenta guarda el bono: si reserva con la sesión iniciada, podrá pagar con una de sus sesiones.",
};

export default accountEs;
