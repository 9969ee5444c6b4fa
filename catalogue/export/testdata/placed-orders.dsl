workspace "Orders, placed" "" {
    model {
        system = softwareSystem "Orders, placed" {
            n_api = container "api" "api" "Amazon API Gateway (HTTP API)" "api-gateway,aws"
            n_orders_fn = container "orders-fn" "orders-fn" "AWS Lambda" "function,aws"
            n_orders_db = container "orders-db" "orders-db" "Amazon Aurora PostgreSQL-Compatible Edition" "relational-database,aws,Datastore"
            n_events = container "events" "events" "Amazon SQS (standard queue)" "queue,aws,Pipe"
        }
        n_api -> n_orders_fn "POST /orders" "https" "request"
        n_orders_fn -> n_orders_db "sql" "sql" "data"
        n_orders_fn -> n_events "OrderPlaced" "" "event"
        deploymentEnvironment "Design" {
            g_eu = deploymentNode "Europe (Ireland)" "" "region" {
                g_vpc = deploymentNode "Orders VPC" "" "network" {
                    g_eu_a = deploymentNode "eu-a" "" "zone" {
                        g_private_a = deploymentNode "private-a" "" "subnet" {
                            containerInstance n_orders_fn
                        }
                    }
                    containerInstance n_orders_db
                }
                containerInstance n_api
                containerInstance n_events
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
