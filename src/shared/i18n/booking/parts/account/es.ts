import type { CatalogOf } from "../../../messages";
import type accountEn from "./en";

const accountEs: CatalogOf<typeof accountEn> = {
  "account.label": "Su cuenta",
  "account.have": "¿Tiene una cuenta?",
  "account.havePackage": "¿Tiene una cuenta? Inicie sesión y su cuenta guardará el bono para sus reservas.",
  "account.required": "{business} solo acepta reservas en línea de clientes con cuenta. Inicie sesión o cree una para reservar.",
  "account.signIn": "Iniciar sesión",
  "account.email": "Correo electrónico",
  "account.password": "Contraseña",
  "account.firstName": "Nombre",
  "account.passwordHint": "Al menos 8 caracteres.",
  "account.newHere": "¿Es nuevo aquí?",
  "account.create": "Crear una cuenta",
};

export default accountEs;
