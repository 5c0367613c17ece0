import { lt, type LocalizedText } from '../text/i18n.js';

export interface Pitfall {
  code: string;
  message: LocalizedText;
}

export interface PitfallFacts {
  mt4: boolean;
  report: boolean;
  replaceReport: boolean;
  shutdown: boolean;
  optimization: boolean;
  inputs: 'inline' | 'file' | 'none';
  relativeConfigPath: boolean;
  passwordIncluded: boolean;
  realTicks: boolean;
  /** No inline input carries a range (with a .set file the ranges may be in the file). */
  noRangedInput: boolean;
}

const p = (code: string, ja: string, en: string): Pitfall => ({ code, message: lt(ja, en) });

/** The strategy-tester traps that apply to this configuration. */
export function pitfallsFor(f: PitfallFacts): Pitfall[] {
  const out: Pitfall[] = [
    p(
      'terminal_must_be_closed',
      '同じデータフォルダーのターミナルが起動中だとテストは始まりません。先に閉じてください。',
      'A terminal already running on the same data folder blocks the test; close it first.',
    ),
    p(
      'to_date_is_exclusive',
      'ToDateの日はテストされません（その日の0:00で終わります）。含めたい日の翌日を指定してください。',
      'ToDate is exclusive (testing stops at 00:00 of that day); give the day after the last day you want.',
    ),
  ];
  if (f.report)
    out.push(
      p(
        'report_folder_must_exist',
        'Reportのフォルダーは事前に作成しておく必要があります。ない場合レポートは保存されません。',
        'The Report folder must already exist; otherwise no report is written.',
      ),
    );
  if (f.report && !f.replaceReport)
    out.push(
      p(
        'report_not_replaced',
        'ReplaceReport=0では既存のレポートがあると name[1].htm のように別名で保存されます。',
        'With ReplaceReport=0 an existing report leads to name[1].htm instead.',
      ),
    );
  if (f.report && f.optimization)
    out.push(
      p(
        'optimization_report_is_xml',
        '最適化のレポートは.htmではなく.xmlで保存されます。',
        'An optimisation writes an .xml report, not .htm.',
      ),
    );
  if (f.shutdown)
    out.push(
      p(
        'shutdown_reset_on_manual_stop',
        'テストを手動で止めるとShutdownTerminalが0に戻り、ターミナルが開いたままになります。',
        'Stopping a run by hand resets ShutdownTerminal to 0, so the terminal stays open.',
      ),
    );
  if (f.inputs === 'none')
    out.push(
      p(
        'inputs_reused_from_last_run',
        '入力を指定していないため、前回テスターで使った入力（Profiles\\Tester\\<EA名>.set）がそのまま使われます。',
        'No inputs given: the tester reuses the inputs of the last run (Profiles\\Tester\\<Expert>.set).',
      ),
    );
  if (f.inputs === 'file')
    out.push(
      p(
        'expert_parameters_location',
        f.mt4
          ? '.setファイルはtesterフォルダーに置いてください。'
          : '.setファイルはMQL5\\Profiles\\Tester に置いてください（Presetsではありません）。',
        f.mt4 ? 'Put the .set file in the tester folder.' : 'Put the .set file in MQL5\\Profiles\\Tester (not Presets).',
      ),
    );
  if (f.relativeConfigPath)
    out.push(
      p(
        'config_path_absolute',
        '/config: には.iniの絶対パスを指定し、空白を含む場合は引用符で囲んでください。',
        'Give /config: the absolute path of the .ini and quote it if it has spaces.',
      ),
    );
  if (f.passwordIncluded)
    out.push(
      p(
        'password_in_plain_text',
        '.iniにパスワードが平文で入っています。共有しないでください。',
        'The .ini holds the password in plain text; do not share it.',
      ),
    );
  if (f.optimization && f.noRangedInput)
    out.push(
      p(
        'optimization_without_ranges',
        '最適化が有効ですが、範囲（start/step/stop）を指定した入力がありません。このままでは何も最適化されません。',
        'Optimisation is on but no input has a range (start/step/stop), so nothing would be optimised.',
      ),
    );
  if (f.realTicks)
    out.push(
      p(
        'real_ticks_need_history',
        'Model=4（実ティック）はブローカーのティック履歴が必要で、ない期間は生成ティックになります。',
        "Model=4 (real ticks) needs the broker's tick history; periods without it fall back to generated ticks.",
      ),
    );
  return out;
}
