// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title WrappedBNB
/// @notice The dev chain's WBNB: BNB wrapped 1:1 as a BEP20, like WBNB on BSC (WETH9's
/// deposit/withdraw). DEX pairs hold it in place of the native coin. Like WBNB it logs
/// Deposit and Withdrawal: a swap's BNB paid out by a router is read from them.
contract WrappedBNB is ERC20 {
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    constructor() ERC20("Wrapped BNB", "WBNB") {}

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external {
        _burn(msg.sender, amount);
        emit Withdrawal(msg.sender, amount);
        (bool sent, ) = msg.sender.call{value: amount}("");
        require(sent, "WBNB: send failed");
    }
}
