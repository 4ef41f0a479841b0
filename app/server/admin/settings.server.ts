/**
 * Studio settings kept in `ajustes` (one JSON value per key): the shipping state and the
 * 'Aviso' window. Each is one small form of the same generic kind as the sections' forms.
 */
import { data } from "react-router";
import type { FieldErrors, FieldSpec, FormValues } from "~/domain/admin-form";
import type { Db } from "../db/index.server";
import { readSetting, writeSetting } from "../settings.server";
import { type Fields, type Parsed, parseForm, specsOf } from "./fields.server";

export type Setting<F extends Fields = Fields> = {
  /** ajustes.clave */
  key: string;
  title: string;
  help: string;
  fields: F;
  toForm(valor: unknown): FormValues;
  /** the value to store (null removes the setting), or field errors */
  fromForm(values: Parsed<F>): { valor: unknown } | { errors: FieldErrors };
  /** the current state in one sentence, e.g. 'Envío normal: se cobra por peso.' */
  describe(valor: unknown, now: Date): string;
};

export type SettingsScreen = {
  key: string;
  title: string;
  help: string;
  fields: FieldSpec[];
  values: FormValues;
  status: string;
};

export { readSetting, writeSetting };

// biome-ignore lint/suspicious/noExplicitAny: settings have fields of their own types
type AnySetting = Setting<any>;

export async function settingScreen(db: Db, setting: AnySetting): Promise<SettingsScreen> {
  const valor = await readSetting(db, setting.key);
  return {
    key: setting.key,
    title: setting.title,
    help: setting.help,
    fields: specsOf(setting.fields),
    values: setting.toForm(valor),
    status: setting.describe(valor, new Date()),
  };
}

export type SettingActionData = { errors?: FieldErrors; notice?: string };

export async function saveSetting(db: Db, setting: AnySetting, form: FormData) {
  const parsed = await parseForm(setting.fields, form);
  if (!parsed.ok) return data<SettingActionData>({ errors: parsed.errors }, { status: 400 });
  const result = setting.fromForm(parsed.values);
  if ("errors" in result) return data<SettingActionData>({ errors: result.errors }, { status: 400 });
  await writeSetting(db, setting.key, result.valor);
  return data<SettingActionData>({ notice: "Cambios guardados." });
}
