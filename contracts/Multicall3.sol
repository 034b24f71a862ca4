// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Multicall3 (subset)
/// @notice The functions of the canonical Multicall3 (https://github.com/mds1/multicall, MIT;
/// deployed at 0xcA11bde05977b3631167028862bE2a173976CA11 on BSC and most EVM chains) that
/// viem's `multicall` and the server use: `aggregate3`, `getEthBalance` and
/// `getCurrentBlockTimestamp`, with the same signatures and behaviour, so the dev chain
/// answers exactly as BSC does. Deployed on the dev chain only.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// @notice Calls each target in order; reverts when a call that does not allow failure fails.
    function aggregate3(Call3[] calldata calls) public payable returns (Result[] memory returnData) {
        uint256 length = calls.length;
        returnData = new Result[](length);
        for (uint256 i = 0; i < length; ) {
            Call3 calldata call = calls[i];
            (bool success, bytes memory data) = call.target.call(call.callData);
            if (!success && !call.allowFailure) revert("Multicall3: call failed");
            returnData[i] = Result(success, data);
            unchecked {
                ++i;
            }
        }
    }

    /// @notice The native balance (BNB on BSC) of `addr`.
    function getEthBalance(address addr) public view returns (uint256 balance) {
        balance = addr.balance;
    }

    function getCurrentBlockTimestamp() public view returns (uint256 timestamp) {
        timestamp = block.timestamp;
    }
}
