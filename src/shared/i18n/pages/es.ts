import type { CatalogOf } from "../messages";
import type en from "./en";

const es: CatalogOf<typeof en> = {
  "page.skip": "Saltar al contenido",
  "reset.chooseYour": "Elija su contraseña",
  "reset.chooseNew": "Elija una contraseña nueva",
  "reset.inviteIntro": "Elija la contraseña con la que iniciará sesión.",
  "reset.resetIntro": "Introduzca una contraseña nueva para su cuenta. Se cerrará la sesión en todos los dispositivos conectados a ella.",
  "reset.correct": "Corrija los campos indicados abajo.",
  "reset.newPassword": "Contraseña nueva",
  "reset.hint": "Al menos 8 caracteres.",
  "reset.repeat": "Repita la contraseña nueva",
  "reset.save": "Guardar contraseña",
  "reset.passwordProblem":
    "{problem, select, short {La contraseña debe tener al menos 8 caracteres} long {La contraseña puede tener como máximo 256 caracteres} other {Introduzca una contraseña}}",
  "reset.mismatch": "Las dos contraseñas no coinciden",
  "reset.invalidTitle": "Enlace no válido",
  "reset.incompleteHeading": "Este enlace está incompleto",
  "reset.expiredHeading": "Este enlace ya no funciona",
  "reset.incomplete": "A la dirección le falta el código. Vuelva a abrir el enlace completo desde su e-mail.",
  "reset.expired":
    "El enlace no es válido, ya se ha usado o ha caducado (los enlaces para restablecer la contraseña duran una hora; las invitaciones, siete días).",
  "reset.askNew":
    "Pida un enlace nuevo desde la página de inicio de sesión («¿Ha olvidado su contraseña?») o pida al negocio que le invitó que vuelva a añadirle.",
  "reset.home": "Ir a la página de inicio",
  "reset.savedTitle": "Contraseña guardada",
  "reset.savedHeading": "Su contraseña se ha guardado",
  "reset.inviteDone": "Su cuenta está lista. Inicie sesión con su dirección de e-mail y esta contraseña.",
  "reset.resetDone": "Inicie sesión con su contraseña nueva. Se ha cerrado la sesión en los dispositivos que estaban conectados.",
  "short.tooManyTitle": "Demasiados intentos",
  "short.tooMany": "Desde aquí se han abierto demasiados enlaces de reserva que no existen. Inténtelo más tarde.",
  "short.notFoundTitle": "Reserva no encontrada",
  "short.notFound": "Este enlace no corresponde a ninguna reserva. Compruebe el enlace de su SMS.",
};

export default es;
