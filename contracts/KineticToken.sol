// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title KineticToken
/// @notice The demo BEP20 tokens of the dev chain: "Tether USD" (USDT) and "Kinetic" (KNT)
/// are two deployments of this contract. A plain OpenZeppelin ERC20 with 18 decimals whose
/// whole supply goes to the deployer, which hands it out through the dev faucet.
contract KineticToken is ERC20 {
    constructor(string memory name_, string memory symbol_, uint256 initialSupply) ERC20(name_, symbol_) {
        _mint(msg.sender, initialSupply);
    }
}
