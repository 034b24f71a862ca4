/** The operation names listed in spec §7, as written there (typos such as `wrok` kept). */
export const SPEC_OPERATIONS = [
  '/v1/find', '/v1/pledge', '/v1/computing', '/v1/tokendata', '/v1/computing_receive', '/v1/tokendata_receive',
  '/v1/computing_token', '/v1/tokendata_token',
  '/v1/well', '/v1/wellinfo', '/v1/wellinfoup', '/v1/exchange_fitness', '/v1/heartrate', '/v1/weekly', '/v1/weeklyinfo',
  '/v1/motion',
  '/v1/gethome', '/v1/finalize', '/v1/supply', '/v1/getstore', '/v1/poststore',
  '/v1/userinfo', '/v1/infoedit', '/v1/image', '/v1/file', '/v1/msg', '/v1/msginfo', '/v1/binding', '/v1/unbind',
  '/v1/devicelist', '/v1/target', '/v1/targetpost', '/v1/authorize', '/v1/version', '/v1/googleauth', '/v1/password',
  '/v1/wrokchat', '/v1/wrokadd', '/v1/wrokcat', '/v1/wrok',
  '/v1/code', '/v1/register', '/v1/send', '/v1/pass', '/v1/email', '/v1/logoff', '/v1/articleinfo',
  '/v1/walletindex', '/v1/wallet', '/v1/walletcreate', '/v1/private', '/v1/walletverify', '/v1/walletbalance',
  '/v1/balance', '/v1/replacement', '/v1/getname', '/v1/walletpassword', '/v1/gettransfer', '/v1/record',
  '/v1/wallethistory', '/v1/import', '/v1/marketvalue', '/v1/userdel', '/v1/gas_price', '/v1/transaction',
  '/v1/addrlist', '/v1/addrlistdel', '/v1/addrlistadd', '/v1/bitlist', '/v1/collect', '/v1/hash', '/v1/all_balances',
  '/v1/coininfo',
] as const
