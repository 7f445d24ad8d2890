/** What every WeChat JS-SDK provider is (index.ts explains the folder). */

/** A credential WeChat issued and how many seconds it is good for. */
export interface WechatGrant {
  value: string;
  expiresIn: number;
}

export interface WechatProvider {
  readonly mode: "dev" | "live";
  /** The official account's AppID: what wx.config is told. */
  readonly appId: string;
  /** GET cgi-bin/token: a new access token for the app. Throws WechatError when refused. */
  accessToken(): Promise<WechatGrant>;
  /** GET cgi-bin/ticket/getticket?type=jsapi: a new jsapi ticket. Throws WechatError when refused. */
  jsapiTicket(accessToken: string): Promise<WechatGrant>;
}

/** WeChat refused (its errcode and errmsg) or answered something unusable. */
export class WechatError extends Error {
  constructor(
    message: string,
    /** WeChat's errcode; 0 when the failure was not WeChat's answer (network, not JSON). */
    readonly errcode = 0,
  ) {
    super(message);
    this.name = "WechatError";
  }
}
